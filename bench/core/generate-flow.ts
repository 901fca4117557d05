/**
 * `npm run bench:core:flow -- --steps 50000 [--chain] > flow.json`: writes one of the bench's generated
 * flows as a flow file (the nested form, as an export), to try `bench:core` or `bench:ui --flow` on a size
 * no one has at hand. The text is written without recursion (a 50,000-step chain nests 50,000 levels).
 */
import { parseArgs } from 'node:util';
import { fromNestedFlow, toNestedFlowJson } from '../../src/domain/flow/index.ts';
import { mixedFlow, straightChain } from '../flow-generator.ts';

const { values } = parseArgs({ options: { steps: { type: 'string', default: '1000' }, chain: { type: 'boolean', default: false } } });
const steps = Number(values.steps);
if (!Number.isInteger(steps) || steps < 1 || steps > 200_000) {
  process.stderr.write(`bench:core:flow: --steps '${values.steps}' is not a whole number from 1 to 200000\n`);
  process.exit(2);
}
const generated = values.chain ? straightChain(steps) : mixedFlow(steps);
process.stdout.write(toNestedFlowJson(fromNestedFlow(generated.nested, { id: 'generated', flowId: 'generated' })));
