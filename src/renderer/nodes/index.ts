// Which component draws which node type. Each type's drawing lives in one of the files here.
import { registerComponents } from '../node.tsx';
import {
  Button, CastButton, Chip, Fab, IconButton, ListItem, PasteButton, Progress, RadioGroup, SegmentedButton, Slider, Toggle,
} from './controls.tsx';
import { SearchBar, TextField } from './text-field.tsx';
import { Chart } from './chart.tsx';
import { MapView } from './map.tsx';
import { VideoPlayer } from './video.tsx';
import { CameraPreview } from './camera.tsx';
import { Badge, Card, Container, Divider, IconNodeView, Image, Pager, Scroll, Spacer, Text } from './layout.tsx';
import { NavBar, TopAppBar } from './navigation.tsx';
import { BottomSheet, Dialog, Drawer, Snackbar } from './overlays.tsx';
import { DatePicker, TimePicker } from './pickers.tsx';
import { Stack } from './stack.tsx';
import { Carousel, Flow, Grid } from './flow-grid.tsx';
import { LazyList } from './list.tsx';
import { Adaptive } from './adaptive.tsx';
import { Menu, Select } from './menus.tsx';
import { Tooltip } from './tooltip.tsx';

registerComponents({
  box: Container,
  row: Container,
  column: Container,
  card: Card,
  scroll: Scroll,
  pager: Pager,
  text: Text,
  image: Image,
  icon: IconNodeView,
  spacer: Spacer,
  divider: Divider,
  badge: Badge,
  textField: TextField,
  switch: Toggle,
  checkbox: Toggle,
  button: Button,
  radioGroup: RadioGroup,
  listItem: ListItem,
  slider: Slider,
  chip: Chip,
  iconButton: IconButton,
  chart: Chart,
  map: MapView,
  videoPlayer: VideoPlayer,
  cameraPreview: CameraPreview,
  castButton: CastButton,
  pasteButton: PasteButton,
  fab: Fab,
  segmentedButton: SegmentedButton,
  progress: Progress,
  topAppBar: TopAppBar,
  tabBar: NavBar,
  bottomNav: NavBar,
  dialog: Dialog,
  snackbar: Snackbar,
  bottomSheet: BottomSheet,
  drawer: Drawer,
  searchBar: SearchBar,
  tooltip: Tooltip,
  timePicker: TimePicker,
  datePicker: DatePicker,
  stack: Stack,
  flow: Flow,
  carousel: Carousel,
  grid: Grid,
  list: LazyList,
  adaptive: Adaptive,
  menu: Menu,
  select: Select,
});
