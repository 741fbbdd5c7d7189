/** The header's two Radix menus, one chunk loaded after the page's content (deferred-header-menus.tsx). */
export { NotificationBell } from "../../features/notifications/components/notification-bell.tsx";
export { UserMenu } from "./user-menu.tsx";
