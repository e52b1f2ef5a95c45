import { Component, type ReactNode } from 'react';
import { webglAvailable } from './software-rendering.ts';

export interface ViewerBoundaryProps {
  /** What to draw when the browser has no WebGL: the view is not tried (three.js is not fetched). */
  unavailable: ReactNode;
  /** What to draw in place of a view that failed: its chunk could not be fetched, or its WebGL context not made. */
  failed: ReactNode;
  children: ReactNode;
}

/**
 * Keeps a 3D view's failure inside the view. A browser with WebGL turned off (a policy, a privacy
 * setting, an old driver) cannot make the canvas's context: three.js throws as the canvas mounts,
 * and without this boundary the page's own error boundary replaced the whole quote with "Unknown
 * error". Such a browser gets `unavailable` at once; a view that throws (its chunk lost on the
 * network, a context refused though WebGL is there) is replaced by `failed`. The page around it
 * (the price, the checks) goes on either way.
 */
export class ViewerBoundary extends Component<ViewerBoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!webglAvailable()) return this.props.unavailable;
    return this.state.failed ? this.props.failed : this.props.children;
  }
}
