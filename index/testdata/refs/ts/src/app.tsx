import { Panel, PanelProps } from 'Panel';
import { PanelContext } from 'contexts/Panel';

// A bare specifier names the file before a directory's index; a JSX
// attribute is a member of the component's props.
export const props: PanelProps = { title: 'x' };
export const App = () => <Panel title="Settings" collapsed={PanelContext.open} />;
