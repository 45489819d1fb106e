import type { Profile } from '@kassa/contracts';

export const profileView = (user: { username: string; email?: string | null; language?: string | null; lowBalance?: number | null }): Profile => ({
  username: user.username,
  email: user.email ?? null,
  language: user.language === 'en' ? 'en' : 'nl',
  lowBalance: user.lowBalance ?? null,
});
