// Node has the WebAssembly global, but @types/node 20 declares none of it (the DOM lib does, and
// the server side is typed without the DOM): the one call the database helper makes, to compile
// PGlite's modules once for every test database.
declare namespace WebAssembly {
  // Opaque: PGlite takes the compiled module as it is.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface Module {}
  function compile(bytes: Uint8Array): Promise<Module>;
}
