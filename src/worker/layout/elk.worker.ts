/**
 * ELK's own worker, created by the editor worker (lanes.ts): elkjs's worker script answers layout
 * requests here, so its synchronous 3–30 ms per composition never holds up the editor worker's answers.
 */
import 'elkjs/lib/elk-worker.min.js';
