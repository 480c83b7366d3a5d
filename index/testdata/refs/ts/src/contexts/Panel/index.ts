export const PanelContext = { open: true };
