<?xml version="1.0"?>
<tileset name="c78"><tileset/><tileset firstgid="9" source="c79.tsx"/></tileset>
