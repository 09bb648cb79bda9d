import { WebviewFrame } from '../components/webview-frame';

/** `/webview?url=`: an allowed external page inside the app shell. */
export default function WebviewPage() {
  return <WebviewFrame full={false} />;
}
