// One function per contract operation over a transport: how the preload (Electron IPC) and the
// browser bridge (loopback HTTP) build the same ExchangeApi. Zod-free, so neither bundles it.
import type {
  ExchangeOperations,
  IpcResult,
  OperationArgs,
  OperationCall,
  OperationName,
  OperationResult,
} from './contract.js';
import { OPERATION_NAMES } from './names.js';

/** Carries one call to the door and brings back its answer. */
type Transport = <N extends OperationName>(name: N, args: OperationArgs<N>) => Promise<IpcResult<OperationResult<N>>>;

function bindOne<N extends OperationName>(name: N, transport: Transport): OperationCall<N> {
  return (args: OperationArgs<N>) => transport(name, args);
}

export function bindOperations(transport: Transport): ExchangeOperations {
  // Complete: names.ts proves at compile time that OPERATION_NAMES is exactly the contract's operations.
  return Object.fromEntries(OPERATION_NAMES.map((name) => [name, bindOne(name, transport)])) as ExchangeOperations;
}
