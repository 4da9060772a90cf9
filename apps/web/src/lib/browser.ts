/**
 * Full-page navigations (leaving the single-page app, e.g. for sign-in), behind one object so
 * screen tests can observe them: jsdom cannot navigate.
 */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  open(url: string): void {
    window.open(url, '_blank', 'noopener');
  },
};
