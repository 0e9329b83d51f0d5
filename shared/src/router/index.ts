// The one router of the host and every remote. Module Federation cannot tree-shake a shared package, so sharing
// react-router-dom itself would send all of react-router 7 (data routers, server rendering, RSC: 60 KiB gzip) to
// every page. It travels inside the @bullpen/shared singleton instead, cut down to what Bullpen's apps use: still one
// router and one router context for the host and every remote. Apps import these from @bullpen/shared, never from
// react-router-dom (the lint rule no-direct-router says so); a remote that needs another export adds it here.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavLinkProps } from 'react-router-dom';
