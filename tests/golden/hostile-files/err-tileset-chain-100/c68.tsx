<?xml version="1.0"?>
<tileset name="c68"><tileset/><tileset firstgid="9" source="c69.tsx"/></tileset>
