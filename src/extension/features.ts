/** Every feature of the extension, started in this order by `activate` (see features/<name>/). */
import * as backlinks from './features/backlinks/backlinks';
import * as participant from './features/chat/participant';
import * as commands from './features/commands/commands';
import * as compression from './features/compression/compression';
import * as health from './features/health/health';
import * as importMemories from './features/importMemories/importMemories';
import * as languageClient from './features/languageClient/languageClient';
import * as mcpServer from './features/mcpServer/mcpServer';
import * as memorySwitch from './features/memorySwitch/memorySwitch';
import * as personaHistory from './features/persona/personaHistory';
import * as personaReview from './features/persona/personaReview';
import * as searchMemory from './features/searchMemory/searchMemory';
import * as soulArchive from './features/soulArchive/soulArchive';
import * as sync from './features/sync/sync';
import * as tools from './features/tools/tools';
import * as vaultTree from './features/vaultTree/vaultTree';
import * as writeMemory from './features/writeMemory/writeMemory';
import type { Feature } from './shared/services';

export const FEATURES: Feature[] = [commands, writeMemory, memorySwitch, vaultTree, languageClient, personaReview, participant, tools, mcpServer, personaHistory, searchMemory, compression, soulArchive, importMemories, sync, backlinks, health];
