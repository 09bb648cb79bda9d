import { describe, expect, it } from 'vitest';
import { startBanner } from './start-banner.js';

describe('startBanner', () => {
  it('lists the URL, database, files, model, mail and the admin account in aligned lines', () => {
    const text = startBanner({ version: '1.2.3', url: 'http://localhost:3000', database: 'embedded PGlite in /d', files: '/d/files', model: 'offline', mail: 'SMTP', admin: 'a@b.c created' });
    expect(text).toContain('Xueba 1.2.3 is listening');
    expect(text).toContain('  open      http://localhost:3000');
    expect(text).toContain('  admin     a@b.c created');
  });

  it('leaves the admin line out when no admin was asked for', () => {
    expect(startBanner({ version: '1', url: 'u', database: 'd', files: 'f', model: 'm', mail: 'x', admin: null })).not.toContain('admin');
  });
});
