/**
 * document.title names the screen and the organisation on every route (WCAG 2.4.2 Page Titled): a
 * single-page app keeps one title unless it sets it, so a screen-reader user moving between screens
 * (and every tab and history entry) would otherwise read the same words everywhere. The screen's name
 * is its level-1 heading, which every screen has exactly one of, so the two cannot disagree.
 */
import { useEffect } from 'react';

/** "Basic Info | Harborline"; the organisation alone while no screen heading is shown (loading). */
export function screenTitle(heading: string | null | undefined, organisation: string): string {
  const screen = heading?.replace(/\s+/g, ' ').trim();
  return screen ? `${screen} | ${organisation}` : organisation;
}

/** Keeps document.title on the heading of the screen in the main landmark, as screens change. */
export function useScreenTitle(organisation: string): void {
  useEffect(() => {
    const update = () => {
      const title = screenTitle(document.querySelector('main h1')?.textContent, organisation);
      if (document.title !== title) document.title = title;
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [organisation]);
}
