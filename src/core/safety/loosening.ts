/**
 * What the soul check does with a rule it has no word for (docs/persona.md#soul-check): issue #30
 * asks that unknown phrasing not pass by default. A clause that names no soul subject but grants a
 * permission or waives a step ("feel free to prune old branches", "no need to check with me",
 * 「不用問我」) loosens something the check cannot name; it passes only when what it loosens is of a
 * kind that cannot weaken the soul — tone, format, language, naming, explanation, or the ordinary
 * editing of code and docs. Anything else is refused with that reason, to be said in the soul's
 * terms (which safeguard it keeps) or written into persona.md by the person's own hand.
 */

export const LOOSENS = 'unjudged-permission';
export const LOOSENS_RULE =
  'a rule that grants a permission or waives a step passes only when the check can tell what it loosens: a soul subject whose safeguard it keeps, or a harmless kind (tone, format, language, naming, explanation, ordinary edits of code and docs)';

/** Words that grant or waive: "feel free to", "no need to", "skip", "without asking", 不用, 隨意. */
export const PERMITS =
  /(?<![a-z])(?:feel free|(?<!(?:if|when|whenever|as long as|where) )you (?:may|can)(?!['’a-z])|(?:it(?:['’]s| is)|that(?:['’]s| is)) (?:fine|ok|okay|alright) to|(?:allowed|ok|okay|fine|free) to|go ahead|no need(?: to| for)?|(?:do(?:es)?n['’]t|do not|does not) need to|need not|(?:don['’]t|do not) (?:bother|worry about)|needn['’]t|not necessary|unnecessary|optional|skip(?:s|ped|ping)?|ignor(?:e|es|ed|ing)|disregard(?:s|ed|ing)?|without (?:asking|checking|confirming|waiting|reading|looking|reviewing|review|permission|approval|telling)|at will|freely|whenever you (?:like|want|see fit)|as you see fit|up to you|your call)(?![a-z])|可以直接|可以隨意|可以随意|隨便|随便|隨意|随意|不用(?!\s*[a-z])|不必|無需|无需|不需要|免了|跳過|跳过|忽略|別問|别问|自行決定|自行决定/gu;

/** Kinds of thing whose loosening cannot weaken the soul. */
export const HARMLESS_KINDS =
  /(?<![a-z])(?:tone|voice|blunt\w*|candid\w*|frank\w*|opinions?|(?:ok|okay|fine|free|allowed) to say|emojis?|greetings?|pleasantries|small talk|chit-?chat|formal\w*|verbos\w*|explanations?|explain\w*|summar\w*|recaps?|preambles?|intros?|apolog\w*|disclaimers?|caveats?|comments?|docstrings?|jsdoc|naming|names?|renam\w*|spelling|punctuation|markdown|headings?|bullets?|bullet points|sentences?|paragraphs?|prose|frameworks?|samples?|框架|format\w*|style|indent\w*|whitespace|line length|semicolons?|quotes|language|english|chinese|jargon|polite\w*|thanks?|thank you|questions?|ask(?:s|ed|ing)?|clarif\w*|refactor\w*|restructur\w*|reorgani[sz]\w*|simplif\w*|variables?|functions?|helpers?|components?|methods?|classes|type annotations?|type hints?|imports?|todos?|log messages?|log levels?|debug (?:output|logs?|messages?|noise)|noise|noisy|console output|console\.log|print statements?|changelog entr\w+|commit messages?|docs|documentation|readme|examples?|snippets?|diagrams?|tables?|code blocks?|(?:blank |empty )?cells?|boilerplate|asserts?|paragraphs?|(?:pr )?descriptions?|answers?|repl\w+|experiments?|prototypes?|new branch(?:es)?|feature branch(?:es)?|prepar\w*|(?:open|opening|draft|drafting|create|creating)\s+(?:a\s+|draft\s+)*(?:prs?|pull requests?|merge requests?|mrs?)|respons\w+|details?|concise|brief\w*|short\w*|length|wording|typos?|small talk)(?![a-z])|語氣|语气|表情|寒暄|客套|解釋|解释|說明|说明|總結|总结|摘要|註解|注释|註釋|命名|改名|格式|縮排|缩进|標點|标点|語言|语言|中文|英文|廢話|废话|道歉|客氣|客气|重構|重构|變數|变量|函式|函数|文檔|文档|範例|示例|回答|回覆|回复|簡短|简短|詳細|详细|錯字|错字|空白|空行|口語|口语|太正式|描述|段落|答問題|答问题|重點|重点|囉嗦|啰嗦|長氣|长气/u;
