import { Link } from "react-router";
import { Logo } from "../../components/ui/logo.tsx";
import { Sheet, SheetContent, SheetTitle } from "../../components/ui/sheet.tsx";
import { paths } from "../../config/paths.ts";
import { AppSidebarNav } from "./app-sidebar.tsx";

/**
 * Below the `lg` breakpoint the sidebar opens as a drawer (a Radix dialog). Its own chunk: the
 * app layout loads it when the menu button is approached or pressed, never before a page's content.
 */
export default function AppDrawer({
  open,
  onOpenChange,
  markers,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  markers: Readonly<Record<string, boolean>>;
}) {
  const close = () => onOpenChange(false);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="left" closeLabel="Close menu" className="w-72 max-w-[85vw] px-3 py-4">
        <SheetTitle className="sr-only">Menu</SheetTitle>
        <div className="flex h-10 items-center px-2">
          <Link to={paths.dashboard} onClick={close} aria-label="Sightline, go to the dashboard">
            <Logo />
          </Link>
        </div>
        <AppSidebarNav markers={markers} onNavigate={close} />
      </SheetContent>
    </Sheet>
  );
}
