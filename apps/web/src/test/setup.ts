import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../i18n/dates.ts';
import { loadCatalogs } from '../i18n/index.ts';

// A busy two-core machine can take seconds to re-render antd forms; waiting 1 s (the default) fails good tests.
configure({ asyncUtilTimeout: 5_000 });

// Every page's strings in both languages, as the signed-in layout has them once each was chosen.
await Promise.all([loadCatalogs('zh'), loadCatalogs('en')]);

// jsdom lacks both; antd's responsive helpers and Table call them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver = ResizeObserverStub;

// jsdom implements no pseudo-element styles and says so on every antd render; the element's own style is enough.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom does no layout; ProseMirror (the rich-text editor) measures the selection to scroll it into view.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
const noRect = () => new DOMRect(0, 0, 0, 0);
Range.prototype.getClientRects = noRects;
Range.prototype.getBoundingClientRect = noRect;
Element.prototype.getClientRects = noRects;
document.elementFromPoint = () => null;
