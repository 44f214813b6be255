/**
 * What the app takes from the inbox (issue 16): the navigation's unread badge and a client's
 * "Message" link (composed in app/routes/clients-route.tsx). The screen
 * itself is a lazily loaded route (src/app/router.tsx).
 */
export { InboxNavBadge } from './components/inbox-nav-badge';
export { MessageGuestLink } from './components/message-guest-link';
