// The default theme, with the frame embedded stories sit in.
import DefaultTheme from 'vitepress/theme';
import './story.css';

export default DefaultTheme;
