export interface PanelProps { title: string; collapsed?: boolean }
export function Panel(props: PanelProps) {
  return <section title={props.title}>{props.collapsed ? null : <Label text={props.title} />}</section>;
}
export const Label = ({ text }: { text: string }) => <span>{text}</span>;
