/** The one list of the `stopword` package that search uses (it ships no types). */
declare module 'stopword' {
  export const eng: string[];
}
