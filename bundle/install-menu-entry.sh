#!/bin/sh
# Put Card Table into the desktop's menu for this user: the desktop entry (pointing at this
# folder's program) and the icon go into ~/.local/share, where desktops look for them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
mkdir -p "$data/applications" "$data/icons/hicolor/scalable/apps"
cp "$here/share/icons/hicolor/scalable/apps/cardtable.svg" "$data/icons/hicolor/scalable/apps/"
sed "s|^Exec=cardtable\$|Exec=\"$here/cardtable\"|" "$here/share/applications/cardtable.desktop" \
    > "$data/applications/cardtable.desktop"
echo "Card Table is in your menu (games). To remove it: rm $data/applications/cardtable.desktop"
