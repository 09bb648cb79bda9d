/** The last page actually shown, so a guard knows where the visitor came from (spec §2). */
export interface ShownPage {
  href: string;
  guarded: boolean;
}

let lastShown: ShownPage | null = null;

export function rememberShownPage(page: ShownPage): void {
  lastShown = page;
}

export function lastShownPage(): ShownPage | null {
  return lastShown;
}
