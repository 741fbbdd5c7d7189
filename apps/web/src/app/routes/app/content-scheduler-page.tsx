import { ContentScheduler } from "../../../features/scheduler/components/content-scheduler.tsx";

/** Full-bleed page (spec §2: no padding on /content-scheduler). */
export default function ContentSchedulerPage() {
  return <ContentScheduler />;
}
