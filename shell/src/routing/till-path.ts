/** The till's pages; the on-screen keyboard shows only here (and only for a register that sells to others). */
export const isTillPath = (pathname: string) => pathname === '/pos' || pathname.startsWith('/pos/');
