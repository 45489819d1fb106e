import { describe, expect, it } from 'vitest';
import { remoteForPath } from './remote-registry';

describe('remoteForPath', () => {
  it('names the remote that draws each route (SPEC 2 "Routes"), / being the till', () => {
    expect(remoteForPath('/')).toBe('mfe_pos');
    expect(remoteForPath('/pos')).toBe('mfe_pos');
    expect(remoteForPath('/account/transactions')).toBe('mfe_account');
    expect(remoteForPath('/setup')).toBe('mfe_account');
    expect(remoteForPath('/admin/users')).toBe('mfe_admin');
    expect(remoteForPath('/slides/bar')).toBe('mfe_slides');
  });

  it('names none for the shell’s own pages', () => {
    expect(remoteForPath('/login')).toBeNull();
    expect(remoteForPath('/about')).toBeNull();
    expect(remoteForPath('/setup/tfa')).toBeNull();
    expect(remoteForPath('/posters')).toBeNull();
  });
});
