/** Insets in dp per screen edge, as a phone's window insets report them. */
export interface EdgeInsets {
  top: number;
  bottom: number;
  start: number;
  end: number;
}

/** A simulated screen: its size in dp and the system decorations that cover it. */
export interface DeviceProfile {
  name: DeviceProfileName;
  width: number;
  height: number;
  /** Status bar on top, navigation bar at the bottom. */
  systemBars: EdgeInsets;
  /** The camera cutout band; it sits inside the status bar, as on current phones. */
  cutout: EdgeInsets;
  /** Height of the on-screen keyboard while a text field has focus. */
  keyboardHeight: number;
}

export type DeviceProfileName = 'phone' | 'tablet';

export const DEVICE_PROFILES: Readonly<Record<DeviceProfileName, DeviceProfile>> = {
  phone: {
    name: 'phone',
    width: 412,
    height: 915,
    systemBars: { top: 24, bottom: 48, start: 0, end: 0 },
    cutout: { top: 24, bottom: 0, start: 0, end: 0 },
    keyboardHeight: 280,
  },
  tablet: {
    name: 'tablet',
    width: 1280,
    height: 800,
    systemBars: { top: 24, bottom: 48, start: 0, end: 0 },
    cutout: { top: 0, bottom: 0, start: 0, end: 0 },
    keyboardHeight: 320,
  },
};

export function isDeviceProfileName(value: string): value is DeviceProfileName {
  return Object.hasOwn(DEVICE_PROFILES, value);
}
