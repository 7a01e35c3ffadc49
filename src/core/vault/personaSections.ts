/**
 * persona.md's schema: its four sections, in order (docs/persona.md#the-persona). The vault owns
 * it because every floor above reads persona.md by it — the template that writes the file, the
 * gate and proposals that change it, sync and pack that carry it.
 */
export const PERSONA_SECTIONS = [
  '# 自我認知 (Self-Awareness)',
  '# 行為準則 (Behavioral Guidelines)',
  '# 關鍵記憶與核心信念 (Key Memories & Beliefs)',
  '# 專屬技能註冊表 (Skill Registry)',
] as const;
