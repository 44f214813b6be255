/**
 * What the app frame takes from the inbox (issue 16): the navigation's unread badge. The screen
 * itself is a lazily loaded route (src/app/router.tsx).
 */
export { InboxNavBadge } from './components/inbox-nav-badge';
