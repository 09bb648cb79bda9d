export interface BannerFacts {
  version: string;
  url: string;
  database: string;
  files: string;
  model: string;
  mail: string;
  /** "email created" or "email promoted" when ADMIN_EMAIL was given. */
  admin: string | null;
}

/** What an operator needs to know once the server listens, as plain lines (not a JSON log record). */
export function startBanner(facts: BannerFacts): string {
  const rows: [string, string][] = [
    ['open', facts.url],
    ['database', facts.database],
    ['files', facts.files],
    ['model', facts.model],
    ['mail', facts.mail],
  ];
  if (facts.admin) rows.push(['admin', facts.admin]);
  const width = Math.max(...rows.map(([label]) => label.length));
  return [`\nXueba ${facts.version} is listening`, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`), ''].join('\n') + '\n';
}
