/** The lists of the `stopword` package that search uses (it ships no types): English and Chinese. */
declare module 'stopword' {
  export const eng: string[];
  export const zho: string[];
}
