import { PullToRefresh, type PullToRefreshProps } from 'antd-mobile';

// antd-mobile's PullToRefresh converts its default head height and threshold (40 and 60 px) on every render by
// measuring a tester element (utils/convert-px: a forced layout each time). On Home's first load that was 47 ms
// of a 78 ms task (issue 29). Our pixels are pixels: the same defaults, given, measure nothing.
export function PullRefresh(props: PullToRefreshProps) {
  return <PullToRefresh headHeight={40} threshold={60} {...props} />;
}
