import type { FileSystem } from './sevenzip-module.js';

/** A node as Emscripten's name table chains it. */
interface HashedNode {
  name: string;
  parent: { id: number };
  name_next?: HashedNode | null;
}
/** The parts of Emscripten's FS object that keep its table of names. */
interface NameTableInternals {
  nameTable: (HashedNode | null | undefined)[];
  hashName(parentId: number, name: string): number;
  hashAddNode(node: HashedNode): void;
  hashRemoveNode(node: HashedNode): void;
}

/** Nodes per slot, on average, before the table doubles. */
const MAX_LOAD = 1;

/**
 * Makes Emscripten's table of names grow with the nodes it holds. Every lookup of a name
 * (`FS.lookupNode`, which each system call with a path makes once per folder it walks) hashes
 * it into `FS.nameTable` and walks that slot's chain. The table has 4,096 slots and never grows:
 * with 100,000 files extracted, a chain held ~25 nodes and a lookup of a name not there yet
 * (each file 7-Zip creates) walked all of them. A CPU profile of the CLI on a 7z of 99,199 small
 * files put 1.4 s of its 10.5 s there, and the cost per file grew with the files.
 *
 * The table doubles when it holds more nodes than slots, and its chains are rebuilt with
 * Emscripten's own `hashName`, which takes the slot count from the table's length
 * (docs/decisions/050-many-small-files-through-sevenzip.md).
 */
export function growNameTable(fs: FileSystem): void {
  const FS = fs as unknown as NameTableInternals;
  let nodes = nodesIn(FS.nameTable).length;
  const add = FS.hashAddNode.bind(FS);
  const remove = FS.hashRemoveNode.bind(FS);
  FS.hashAddNode = (node) => {
    nodes += 1;
    if (nodes > FS.nameTable.length * MAX_LOAD) rehash(FS, FS.nameTable.length * 2);
    add(node);
  };
  FS.hashRemoveNode = (node) => {
    remove(node);
    nodes = Math.max(0, nodes - 1);
  };
}

function nodesIn(table: NameTableInternals['nameTable']): HashedNode[] {
  const nodes: HashedNode[] = [];
  for (const head of table) for (let node = head; node; node = node.name_next) nodes.push(node);
  return nodes;
}

/** Puts every node in a table of `slots` slots, each chain in the order it had. */
function rehash(FS: NameTableInternals, slots: number): void {
  const nodes = nodesIn(FS.nameTable);
  FS.nameTable = new Array<HashedNode | null>(slots).fill(null);
  // Added in reverse, so that each new chain keeps its nodes' order (hashAddNode puts a node first).
  for (const node of nodes.reverse()) {
    const slot = FS.hashName(node.parent.id, node.name);
    node.name_next = FS.nameTable[slot] ?? null;
    FS.nameTable[slot] = node;
  }
}
