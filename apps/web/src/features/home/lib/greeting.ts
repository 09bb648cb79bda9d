/** An account made within the last hour is greeted as new, not "welcome back". */
export function isNewAccount(createTime: string, now = Date.now()): boolean {
  const created = Date.parse(createTime);
  return Number.isFinite(created) && now - created < 60 * 60 * 1000;
}
