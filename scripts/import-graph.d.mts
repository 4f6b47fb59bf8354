/** Every .ts and .tsx file under `directory`, declarations left out. */
export declare function sourceFiles(directory: string): string[];
/** Every relative import (static, type-only, re-export and dynamic) of a module, resolved to a file. */
export declare function importsOf(file: string): string[];
/** The import graph of the modules under `directory`: each file and the files it imports. */
export declare function importGraph(directory: string): Map<string, string[]>;
/** The import cycles of a graph (strongly connected components of more than one module, and self-imports). */
export declare function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][];
