import { Toolbar as RACToolbar, type ToolbarProps as RACToolbarProps } from 'react-aria-components';
import { composeTailwindRenderProps } from './tv.ts';

export type ToolbarProps = RACToolbarProps;

/**
 * A row of related controls (the viewer's view buttons): one tab stop, arrow keys move between its
 * controls, named by `aria-label`. Wraps on a narrow screen.
 */
export function Toolbar(props: ToolbarProps) {
  return <RACToolbar {...props} className={composeTailwindRenderProps(props.className, 'flex flex-wrap gap-1')} />;
}
