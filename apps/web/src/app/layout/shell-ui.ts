import { create } from 'zustand';

/** The frame's dialogs and panels, opened from the top bar, the tab menu or the phone's action menu alike. */
export type ShellPanel = 'search' | 'lock' | 'theme' | 'logs' | 'drawer' | null;

interface ShellUiState {
  panel: ShellPanel;
  open: (panel: Exclude<ShellPanel, null>) => void;
  close: () => void;
}

export const useShellUi = create<ShellUiState>()((set) => ({
  panel: null,
  open: (panel) => set({ panel }),
  close: () => set({ panel: null }),
}));
