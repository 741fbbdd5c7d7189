import { invalidParameter } from "./graph-fault.ts";

/**
 * §0 — `fields` syntax: comma-separated names, nested edges in braces, modifiers such as
 * `.limit(5)` or `business_discovery.username(x){…}`.
 */
export type FieldNode = {
  name: string;
  modifiers: Record<string, string>;
  children?: FieldNode[];
};

export function parseFields(input: string): FieldNode[] {
  let position = 0;
  const text = input;

  function skipSpace() {
    while (position < text.length && /\s/.test(text[position]!)) position++;
  }

  function readName(): string {
    skipSpace();
    const start = position;
    while (position < text.length && /[A-Za-z0-9_]/.test(text[position]!)) position++;
    if (start === position)
      throw invalidParameter(`Syntax error in fields at character ${position + 1}`);
    return text.slice(start, position);
  }

  function readList(closing: string | undefined): FieldNode[] {
    const nodes = new Map<string, FieldNode>();
    for (;;) {
      skipSpace();
      if (closing !== undefined && text[position] === closing) break;
      if (position >= text.length) {
        if (closing !== undefined) throw invalidParameter("Syntax error in fields: missing '}'");
        break;
      }
      const node: FieldNode = { name: readName(), modifiers: {} };
      skipSpace();
      while (text[position] === ".") {
        position++;
        const modifier = readName();
        if (text[position] !== "(")
          throw invalidParameter(`Syntax error in fields: expected '(' after ${modifier}`);
        const end = text.indexOf(")", position);
        if (end < 0) throw invalidParameter("Syntax error in fields: missing ')'");
        node.modifiers[modifier] = text.slice(position + 1, end).trim();
        position = end + 1;
        skipSpace();
      }
      if (text[position] === "{") {
        position++;
        node.children = readList("}");
        position++;
        skipSpace();
      }
      nodes.set(node.name, node);
      skipSpace();
      if (text[position] === ",") {
        position++;
        continue;
      }
      if (closing !== undefined && text[position] === closing) break;
      if (position >= text.length && closing === undefined) break;
      throw invalidParameter(`Syntax error in fields at character ${position + 1}`);
    }
    return [...nodes.values()];
  }

  const result = readList(undefined);
  return result;
}
