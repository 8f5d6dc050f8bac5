<?xml version="1.0"?>
<tileset name="c46"><tileset/><tileset firstgid="9" source="c47.tsx"/></tileset>
