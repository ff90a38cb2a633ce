// Where the browser is now, for navigations that keep part of the address (a tab keeps the query, a filter
// keeps the path). The router draws a navigation in a transition, so until it is drawn a render's
// useLocation() (and useSearchParams()'s setter, relative to it) still names the previous page: a second
// navigation built from it would undo the first. The router's history always has the latest address.
import { useContext } from 'react';
import { UNSAFE_NavigationContext, useLocation, type Location } from 'react-router';

export type Here = Pick<Location, 'pathname' | 'search'>;

/** A function returning the current address (the rendered one when the router keeps no history object). */
export function useCurrentLocation(): () => Here {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const rendered = useLocation();
  return () => (navigator as { location?: Here }).location ?? rendered;
}
