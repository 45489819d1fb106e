// Types of the remotes' exposed modules. Remotes are registered at run time (dts generation is off), so the shell
// declares them itself; they match RemoteAppModule in remote-types.ts.
declare module 'mfe_pos/App' {
  const App: import('react').ComponentType<import('@kassa/api-client').RemoteAppProps>;
  export default App;
}
declare module 'mfe_account/App' {
  const App: import('react').ComponentType<import('@kassa/api-client').RemoteAppProps>;
  export default App;
}
declare module 'mfe_admin/App' {
  const App: import('react').ComponentType<import('@kassa/api-client').RemoteAppProps>;
  export default App;
}
declare module 'mfe_slides/App' {
  const App: import('react').ComponentType<import('@kassa/api-client').RemoteAppProps>;
  export default App;
}
