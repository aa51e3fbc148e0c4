// The figures of current Compose Material 3 the renderer draws components by, each with the token
// or constant it comes from. The stylesheet takes its sizes from here, and the fidelity test
// measures the drawn components against the same table.

export interface Figure {
  dp: number;
  /** The Compose Material 3 token or constant the figure comes from. */
  token: string;
}

export const M3_FIGURES = {
  appBarTitleStart: { dp: 16, token: 'TopAppBarHorizontalPadding (4) + TopAppBarTitleInset (12)' },
  appBarTitleStartAfterNavigation: { dp: 56, token: 'TopAppBarHorizontalPadding (4) + IconButton 48 + 4' },
  appBarSmallHeight: { dp: 64, token: 'TopAppBarSmallTokens.ContainerHeight' },
  appBarMediumTitleBaseline: { dp: 24, token: 'MediumTitleBottomPadding (from the bottom to the title baseline)' },
  appBarLargeTitleBaseline: { dp: 28, token: 'LargeTitleBottomPadding (from the bottom to the title baseline)' },
  listItemOneLineHeight: { dp: 56, token: 'ListTokens.ListItemOneLineContainerHeight' },
  listItemTwoLineHeight: { dp: 72, token: 'ListTokens.ListItemTwoLineContainerHeight' },
  listItemThreeLineHeight: { dp: 88, token: 'ListTokens.ListItemThreeLineContainerHeight' },
  listItemStartPadding: { dp: 16, token: 'ListItemStartPadding' },
  listItemEndPadding: { dp: 16, token: 'ListItemEndPadding' },
  listItemThreeLineTopPadding: { dp: 12, token: 'ListItemThreeLineVerticalPadding' },
  tabTextHeight: { dp: 48, token: 'SmallTabHeight' },
  tabIconAndTextHeight: { dp: 72, token: 'LargeTabHeight' },
  bottomBarHeight: { dp: 80, token: 'NavigationBarTokens.ContainerHeight' },
  buttonMinHeight: { dp: 40, token: 'ButtonDefaults.MinHeight' },
  chipMinHeight: { dp: 32, token: 'FilterChipTokens.ContainerHeight' },
  segmentedMinHeight: { dp: 40, token: 'OutlinedSegmentedButtonTokens.ContainerHeight' },
  circularProgressSize: { dp: 40, token: 'CircularProgressIndicatorTokens.Size' },
  circularProgressStroke: { dp: 4, token: 'CircularProgressIndicatorTokens.ActiveIndicatorWidth' },
  linearProgressHeight: { dp: 4, token: 'LinearProgressIndicatorTokens.Height' },
  sliderTrackHeight: { dp: 16, token: 'SliderTokens.InactiveTrackHeight' },
  sliderHandleWidth: { dp: 4, token: 'SliderTokens.HandleWidth' },
  sliderHandleHeight: { dp: 44, token: 'SliderTokens.HandleHeight' },
  sliderHandleGap: { dp: 6, token: 'SliderTokens.ActiveHandleLeadingSpace' },
  sliderStopSize: { dp: 4, token: 'SliderTokens.StopIndicatorSize' },
  linearProgressGap: { dp: 4, token: 'LinearProgressIndicatorTokens.TrackActiveSpace' },
  linearProgressStopSize: { dp: 4, token: 'LinearProgressIndicatorTokens.StopSize' },
  datePickerWidth: { dp: 360, token: 'DatePickerModalTokens.ContainerWidth' },
  switchTrackWidth: { dp: 52, token: 'SwitchTokens.TrackWidth' },
  switchTrackHeight: { dp: 32, token: 'SwitchTokens.TrackHeight' },
  minimumTouchTarget: { dp: 48, token: 'minimumInteractiveComponentSize' },
} as const satisfies Record<string, Figure>;

/** A figure as CSS pixels (one CSS pixel is one dp on the device page). */
export function figurePx(name: keyof typeof M3_FIGURES): string {
  return `${M3_FIGURES[name].dp}px`;
}
