import type { AdminPackage, Locale, Package, PackageInput } from '@xueba/contract';
import type { AppContext } from '../../platform/context.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Services } from '../../services.js';
import { CommerceRepository } from './commerce.repository.js';
import type { PackageRow } from './grant.js';

export function presentAdminPackage(row: PackageRow): AdminPackage {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    level: row.level,
    kind: row.kind as AdminPackage['kind'],
    months: row.months,
    original_price: row.original_price,
    price: row.price,
    conversation_count: row.conversation_count,
    word_count: row.word_count,
    drawing_count: row.drawing_count,
    gift_conversation_count: row.gift_conversation_count,
    gift_word_count: row.gift_word_count,
    gift_drawing_count: row.gift_drawing_count,
    invoice: row.invoice,
    benefits: row.benefits,
    recommended: row.recommended,
    sort: row.sort,
    enabled: row.enabled,
  };
}

/** Texts in the user's language, falling back to Chinese (the default locale) when a translation is empty. */
export function presentPackage(row: PackageRow, locale: Locale): Package {
  const { name, description, enabled: _enabled, ...rest } = presentAdminPackage(row);
  return { ...rest, name: name[locale] || name.zh, description: description[locale] || description.zh, word_count_wan: row.word_count / 10_000 };
}

/** Membership and recharge packages: public lists gated by the site switches (spec §6), and the admin CRUD. */
export class PackagesService {
  private readonly repo = new CommerceRepository();

  constructor(
    private readonly ctx: AppContext,
    private readonly deps: Pick<Services, 'settings'>,
  ) {}

  private async requireOpen(type: 'member' | 'recharge'): Promise<void> {
    const site = await this.deps.settings.site();
    if (type === 'member' && !site.member_package_status) throw badRequest('membership_disabled');
    if (type === 'recharge' && !site.recharge_package_status) throw badRequest('recharge_disabled');
  }

  async publicList(type: 'member' | 'recharge', locale: Locale, kind?: string): Promise<{ lists: Package[] }> {
    await this.requireOpen(type);
    const rows = await this.repo.listPackages(this.ctx.db, type, true);
    return { lists: rows.filter((r) => kind === undefined || r.kind === kind).map((r) => presentPackage(r, locale)) };
  }

  async publicDetail(id: number, locale: Locale): Promise<Package> {
    const row = await this.repo.findPackage(this.ctx.db, id);
    if (!row || !row.enabled) throw notFound('package_not_found');
    await this.requireOpen(row.type);
    return presentPackage(row, locale);
  }

  async adminList(type: 'member' | 'recharge'): Promise<{ lists: AdminPackage[] }> {
    return { lists: (await this.repo.listPackages(this.ctx.db, type, false)).map(presentAdminPackage) };
  }

  /** Orders keep a frozen copy of what they grant, so editing a package never changes what was sold. */
  async save(id: number | undefined, input: PackageInput): Promise<AdminPackage> {
    const now = this.ctx.now();
    if (id === undefined) return presentAdminPackage(await this.repo.insertPackage(this.ctx.db, input, now));
    const row = await this.repo.updatePackage(this.ctx.db, id, input, now);
    if (!row) throw notFound('package_not_found');
    return presentAdminPackage(row);
  }

  async setEnabled(id: number, enabled: boolean): Promise<void> {
    if (!(await this.repo.setPackageEnabled(this.ctx.db, id, enabled, this.ctx.now()))) throw notFound('package_not_found');
  }
}
