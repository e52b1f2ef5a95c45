import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Hover, pressed, focus, focus-visible, dragging and drop-target are styled with CSS on the
 * attributes RAC sets (`hover:`, `pressed:`, `focus-visible:`, `group-hover/checkbox:`, ...), never
 * with tv variants on render props. That keeps the States stories truthful: they set the same
 * attributes to show each state side by side (docs/decisions/076). A tv variant keyed on one of
 * these render props would not show there, so this test refuses it.
 */
const interactionProps = ['isHovered', 'isPressed', 'isFocused', 'isFocusVisible', 'isFocusWithin', 'isDragging', 'isDropTarget'];
const uiDir = path.resolve(import.meta.dirname, '../../ui');

describe('ui styles interaction states through RAC attributes', () => {
  const files = readdirSync(uiDir).filter((f) => /\.tsx?$/.test(f));

  it.each(files)('%s keys no tv variant on an interaction render prop', (file) => {
    const source = readFileSync(path.join(uiDir, file), 'utf8');
    const styleMaps = [...source.matchAll(/tv\(\{[\s\S]*?\n\}\);/g)].map(([m]) => m).join('\n');
    const offending = interactionProps.filter((prop) => new RegExp(`\\b${prop}\\s*:\\s*(\\{|true|false)`).test(styleMaps));
    expect(offending).toEqual([]);
  });
});
