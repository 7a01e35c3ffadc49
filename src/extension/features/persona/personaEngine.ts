/**
 * The persona core as the editor's persona features use it (review, history, revert), loaded
 * when one is first used: the gate, the soul check and compression are large, and activation
 * needs none of them.
 */
import type { Services } from '../../shared/services';

export async function personaEngine(services: Services) {
  const [persona, history, { compressBeforeWrite }, { refusals }] = await Promise.all([
    import('../../../core/persona/proposals'),
    import('../../../core/persona/history'),
    import('../../../core/compress/compress'),
    import('../../../core/persona/refusals'),
  ]);
  // Read at each use: the memory switch may change while a proposal waits.
  const deps = () => ({ clock: services.clock, compress: compressBeforeWrite, memory: services.memory.enabled });
  return { ...persona, ...history, refusals, deps };
}
