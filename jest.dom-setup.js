// What Mantine expects of a browser and jsdom lacks (skipped in files that opt into the node environment).
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default: on a busy CI machine a render alone can take longer.
configure({ asyncUtilTimeout: 5_000 });

if (typeof window !== 'undefined') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });

  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.ResizeObserver = ResizeObserver;
  window.HTMLElement.prototype.scrollIntoView = () => {};
  // Mantine's autosize textarea listens for web fonts loading.
  if (!document.fonts) {
    Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
  }
  window.scrollTo = () => {};
}
