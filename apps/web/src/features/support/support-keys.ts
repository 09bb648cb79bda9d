/** Query key of the signed-in user's unread support answers (the launcher's badge). */
export const supportUnreadKey = ['support', 'unread'] as const;
