<?xml version="1.0"?>
<tileset name="c72"><tileset/><tileset firstgid="9" source="c73.tsx"/></tileset>
