/**
 * The HTTP client lives outside React, but its toasts must use the themed, localised antd message API of
 * `App.useApp()` and its redirects the router. The app connects both here once it has mounted.
 */
export const ui = {
  error: (text: string): void => {
    console.error(text);
  },
  navigate: (path: string): void => {
    window.location.assign(path);
  },
  /** The server refused something the page offered: the user's grants have changed since the menu was loaded. */
  forbidden: (): void => {},
};

export function connectUi(parts: Partial<typeof ui>): void {
  Object.assign(ui, parts);
}
