/**
 * Document navigations (a full page load), behind one object so tests can watch them: jsdom cannot
 * navigate, and leaving for another router (app ↔ host pages) or signing out must reload the page.
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  replace(url: string): void {
    window.location.replace(url);
  },
  current(): { pathname: string; search: string; hash: string } {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash };
  },
};
