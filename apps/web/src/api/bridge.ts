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
};

export function connectUi(parts: Partial<typeof ui>): void {
  Object.assign(ui, parts);
}
