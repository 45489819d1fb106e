/** The on-screen keyboard is the till's: bar tablets without a keyboard of their own. Members' pages never get it. */
export const isTillPath = (pathname: string) => pathname === '/pos' || pathname.startsWith('/pos/');
