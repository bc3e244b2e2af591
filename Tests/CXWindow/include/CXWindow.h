#ifndef CXWINDOW_H
#define CXWINDOW_H

/// A plain X window on a named display, and a Vulkan surface for it (VK_KHR_xlib_surface), for tests that present
/// in their own process without touching DISPLAY. libX11 is opened at run time, so no X headers are needed.
typedef struct CXWindow CXWindow;

/// Opens `display` (e.g. ":93") and maps a `width`×`height` window on it; NULL when that fails.
CXWindow *cxwindow_open(const char *display, unsigned width, unsigned height);

/// A VkSurfaceKHR for the window on the VkInstance `instance` (made with VK_KHR_surface and VK_KHR_xlib_surface);
/// NULL when that fails. The caller destroys it.
void *cxwindow_make_surface(CXWindow *window, void *instance);

/// Destroys the window and closes the display.
void cxwindow_close(CXWindow *window);

#endif
